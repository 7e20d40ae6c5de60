import { brandGradient, clinicStyle, toClinic, YOUR_CLINIC } from './clinic';
import type { ClinicProfileDto } from './dto/settings';

const EMPTY: ClinicProfileDto = {
  clinicName: null,
  clinicEmail: null,
  clinicPhone: null,
  clinicAddress: null,
  clinicWebsite: null,
  brandColour: null,
  privacyNoticeUrl: null,
  logoUrl: null,
  leadRetentionMonths: 24,
};

describe('toClinic', () => {
  it('is honest before anything is set: "Your clinic", the built-in teal and the built-in privacy page', () => {
    expect(toClinic(EMPTY)).toMatchObject({
      name: null,
      displayName: YOUR_CLINIC,
      inText: 'your clinic',
      colour: '#00716b',
      address: [],
      privacyUrl: '/privacy',
      privacyExternal: false,
    });
  });

  it('uses the profile: address lines, colour and its deep shade, the clinic’s own notice', () => {
    const clinic = toClinic({
      ...EMPTY,
      clinicName: 'Harbour Smile Studio',
      clinicAddress: '1 Quay Street\nBristol BS1 4DJ',
      brandColour: '#1f4e79',
      privacyNoticeUrl: 'https://harbour.example/privacy',
    });
    expect(clinic).toMatchObject({
      displayName: 'Harbour Smile Studio',
      inText: 'Harbour Smile Studio',
      address: ['1 Quay Street', 'Bristol BS1 4DJ'],
      colour: '#1f4e79',
      privacyUrl: 'https://harbour.example/privacy',
      privacyExternal: true,
    });
    expect(clinic.colourDeep).toMatch(/^#[0-9a-f]{6}$/);
    expect(clinicStyle(clinic)).toMatchObject({ '--primary': '#1f4e79', '--brand-deep': clinic.colourDeep });
    expect(brandGradient(clinic)).toBe(`linear-gradient(150deg, #1f4e79 0%, ${clinic.colourDeep} 100%)`);
  });
});
