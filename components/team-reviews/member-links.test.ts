import { memberQrFileName, memberQrUrl } from './member-links';

describe('QR code', () => {
  it('asks for the member’s PNG at the given size', () => {
    expect(memberQrUrl('abc', 200)).toBe('/api/team-members/abc/qr?size=200');
    expect(memberQrUrl('a/b', 300)).toBe('/api/team-members/a%2Fb/qr?size=300');
  });

  it('names the download QR-Code-{First-Last}.png with hyphens for spaces', () => {
    expect(memberQrFileName('Jane', 'Smith')).toBe('QR-Code-Jane-Smith.png');
    expect(memberQrFileName(' Mary  Ann ', 'Smith-Jones')).toBe('QR-Code-Mary-Ann-Smith-Jones.png');
    expect(memberQrFileName('A/B', 'C:D?')).toBe('QR-Code-AB-CD.png');
    expect(memberQrFileName(' ', '')).toBe('QR-Code-Team-Member.png');
  });
});
