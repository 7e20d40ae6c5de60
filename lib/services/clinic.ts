import 'server-only';
import sharp from 'sharp';
import { toClinic, type Clinic } from '@/lib/clinic';
import { getSettings } from './settings';

/** The clinic as the public pages show it, from the settings (once per request). */
export async function getClinic(): Promise<Clinic> {
  return toClinic(await getSettings());
}

/** The logo fitted into `width` × `height` (a transparent PNG), e.g. the wallet pass's 160 × 50 logo. */
export function fitLogo(png: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(png)
    .resize(width, height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}
