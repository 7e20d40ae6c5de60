import 'server-only';
import { createHash } from 'node:crypto';
import { cache } from 'react';
import sharp from 'sharp';
import { HttpError } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { UpdateSettingsInput } from '@/lib/validation/settings';
import { toPence } from '@/lib/money';
import { toSettingsDto, type SettingsDto } from '@/lib/dto/settings';
import { toKindEnum } from '@/lib/messages/kinds';

/** The spec's defaults (section 3): referral reward £200, team bonus £10. */
export const DEFAULT_REFERRAL_REWARD_PENCE = 20_000;
export const DEFAULT_TEAM_BONUS_PENCE = 1_000;

export type { SettingsDto };

/** Every read leaves the logo's bytes out: only the logo's own address serves them. */
const omitLogo = { logoPng: true } as const;

/**
 * The one settings row, made with the spec's defaults on first use. INSERT ... ON CONFLICT DO NOTHING, so
 * first reads that arrive together all succeed (an upsert here made all but one of them fail with a 500).
 */
async function row() {
  const found = await db.settings.findUnique({ where: { id: 1 }, omit: omitLogo });
  if (found) return found;
  await db.settings.createMany({ data: [{ id: 1 }], skipDuplicates: true });
  return db.settings.findUniqueOrThrow({ where: { id: 1 }, omit: omitLogo });
}

async function readSettings(): Promise<SettingsDto> {
  return toSettingsDto(await row());
}

/** The settings, once per request (a public page's metadata and body share one read). */
export const getSettings = cache(readSettings);

/**
 * The clinic's name for a message's subject, read on the transaction's own connection: a message is written
 * inside its cause's transaction (often under a row lock), and asking the pool for a second connection there
 * starves it when many requests come at once (twenty bank-details requests for one client did).
 */
export async function clinicNameIn(tx: Prisma.TransactionClient): Promise<string | null> {
  const row = await tx.settings.findUnique({ where: { id: 1 }, select: { clinicName: true } });
  return row?.clinicName ?? null;
}

export async function updateSettings(input: UpdateSettingsInput, by: string): Promise<SettingsDto> {
  const { referralRewardAmount, teamBonusAmount, messageKindsOff, softOptInReliedOn, ...rest } = input;
  const current = await row();
  const data = {
    // Issue 33: the soft opt-in keeps who recorded it and when; saving it on again keeps that record.
    ...(softOptInReliedOn === true &&
      !current.softOptInReliedOnAt && { softOptInReliedOnAt: new Date(), softOptInReliedOnBy: by }),
    ...(softOptInReliedOn === false && { softOptInReliedOnAt: null, softOptInReliedOnBy: null }),
    ...(messageKindsOff !== undefined && {
      messageKindsOff: [...new Set(messageKindsOff)].map((k) => toKindEnum(k)),
    }),
    ...(referralRewardAmount !== undefined && { referralRewardPence: toPence(referralRewardAmount) }),
    ...(teamBonusAmount !== undefined && { teamBonusPence: toPence(teamBonusAmount) }),
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
    updatedBy: by,
  };
  const saved = await db.settings.update({ where: { id: 1 }, data, omit: omitLogo });
  return toSettingsDto(saved);
}

// ----- The logo (issue 16)

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The longest side of the stored logo: sharp for the card, the previews and the wallet pass. */
export const LOGO_MAX_SIDE = 512;
export const LOGO_TYPE_TEXT = 'Upload the logo as a PNG, JPEG or WebP image.';
export const LOGO_SIZE_TEXT = 'The logo must be at most 2 MB.';
export const LOGO_UNREADABLE_TEXT = 'That file is not a PNG, JPEG or WebP image we can read.';
const LOGO_FORMATS = new Set(['png', 'jpeg', 'webp']);

/**
 * Stores a new logo: checked by what the bytes are (not what the upload says), then re-encoded by sharp as a
 * PNG of at most 512 px with its metadata stripped, so nothing uploaded is ever served as it came.
 */
export async function setLogo(bytes: Buffer, by: string): Promise<SettingsDto> {
  if (bytes.length > LOGO_MAX_BYTES) throw new HttpError(400, LOGO_SIZE_TEXT);
  let png: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 });
    const { format } = await image.metadata();
    if (!format || !LOGO_FORMATS.has(format)) throw new HttpError(400, LOGO_TYPE_TEXT);
    png = await image
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, LOGO_UNREADABLE_TEXT);
  }
  const logoHash = createHash('sha256').update(png).digest('hex').slice(0, 20);
  await row();
  const saved = await db.settings.update({
    where: { id: 1 },
    data: { logoPng: new Uint8Array(png), logoHash, updatedBy: by },
    omit: omitLogo,
  });
  return toSettingsDto(saved);
}

export async function deleteLogo(by: string): Promise<SettingsDto> {
  await row();
  const saved = await db.settings.update({
    where: { id: 1 },
    data: { logoPng: null, logoHash: null, updatedBy: by },
    omit: omitLogo,
  });
  return toSettingsDto(saved);
}

/** The current logo's PNG (previews, wallet passes); null when none is uploaded. */
export async function currentLogoPng(): Promise<Buffer | null> {
  const found = await db.settings.findUnique({ where: { id: 1 }, select: { logoPng: true } });
  return found?.logoPng ? Buffer.from(found.logoPng) : null;
}

/** The logo's PNG when `hash` is the current one; null otherwise (an old address is gone). */
export async function logoPng(hash: string): Promise<Buffer | null> {
  const found = await db.settings.findFirst({ where: { id: 1, logoHash: hash }, select: { logoPng: true } });
  return found?.logoPng ? Buffer.from(found.logoPng) : null;
}

/** Whether the review page has anywhere to send a patient (a Google or Trustpilot link is set). */
export async function reviewLinksSet(): Promise<boolean> {
  const { googleReviewLink, trustpilotReviewLink } = await getSettings();
  return Boolean(googleReviewLink || trustpilotReviewLink);
}
