import { DEFAULT_BRAND_COLOUR, deepShade } from '@/lib/colour';
import type { ClinicProfileDto } from '@/lib/dto/settings';

/** Until the clinic has a name, the public pages say this (issue 16: an honest first-run state). */
export const YOUR_CLINIC = 'Your clinic';
/** In running text: 'Show this card at your clinic'. */
export const YOUR_CLINIC_IN_TEXT = 'your clinic';

/** Who the public pages belong to: what every public page shows of the clinic's profile. */
export interface Clinic {
  /** The clinic's name as set; null in the first-run state. */
  name: string | null;
  /** For headings and titles: the name, else 'Your clinic'. */
  displayName: string;
  /** For running text: the name, else 'your clinic'. */
  inText: string;
  email: string | null;
  phone: string | null;
  /** Address lines. */
  address: string[];
  website: string | null;
  /** Always a colour: the clinic's, else the built-in teal. */
  colour: string;
  /** The deep end of the brand gradient. */
  colourDeep: string;
  logoUrl: string | null;
  /** The clinic's own privacy notice, or the built-in /privacy page. */
  privacyUrl: string;
  /** Whether privacyUrl leaves this site. */
  privacyExternal: boolean;
  leadRetentionMonths: number;
}

export function toClinic(profile: ClinicProfileDto): Clinic {
  const colour = profile.brandColour ?? DEFAULT_BRAND_COLOUR;
  return {
    name: profile.clinicName,
    displayName: profile.clinicName ?? YOUR_CLINIC,
    inText: profile.clinicName ?? YOUR_CLINIC_IN_TEXT,
    email: profile.clinicEmail,
    phone: profile.clinicPhone,
    address: (profile.clinicAddress ?? '')
      .split(/\r?\n|,\s*/)
      .map((line) => line.trim())
      .filter(Boolean),
    website: profile.clinicWebsite,
    colour,
    colourDeep: deepShade(colour),
    logoUrl: profile.logoUrl,
    privacyUrl: profile.privacyNoticeUrl ?? '/privacy',
    privacyExternal: profile.privacyNoticeUrl !== null,
    leadRetentionMonths: profile.leadRetentionMonths,
  };
}

/** The CSS variables that paint a public page in the clinic's colour (buttons, focus rings, the card). */
export function clinicStyle(clinic: Pick<Clinic, 'colour' | 'colourDeep'>): Record<string, string> {
  return {
    '--primary': clinic.colour,
    '--ring': clinic.colour,
    '--brand': clinic.colour,
    '--brand-deep': clinic.colourDeep,
  };
}

/** The brand gradient of the card, the form's welcome and the review page's header. */
export function brandGradient(clinic: Pick<Clinic, 'colour' | 'colourDeep'>): string {
  return `linear-gradient(150deg, ${clinic.colour} 0%, ${clinic.colourDeep} 100%)`;
}
