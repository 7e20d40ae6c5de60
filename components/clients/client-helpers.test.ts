import { qrFileName, qrImageUrl } from './qr-download';
import { confirmsName } from './types';

describe('qrFileName', () => {
  it('is first_last_QR_Code.png, keeping the case of the names', () => {
    expect(qrFileName('Jane', 'Smith')).toBe('Jane_Smith_QR_Code.png');
  });

  it('turns spaces into underscores and drops characters file systems refuse', () => {
    expect(qrFileName(' Mary  Jane ', "Van Der O'Neil")).toBe("Mary_Jane_Van_Der_O'Neil_QR_Code.png");
    expect(qrFileName('A/B', 'C:D')).toBe('AB_CD_QR_Code.png');
  });
});

describe('qrImageUrl', () => {
  it('asks for the PNG at the given size, with the card number escaped', () => {
    expect(qrImageUrl('SC-ABCD-EFGH-2345', 300)).toBe('/api/users/card/SC-ABCD-EFGH-2345/qr?size=300');
    expect(qrImageUrl('a/b', 200)).toBe('/api/users/card/a%2Fb/qr?size=200');
  });
});

describe('confirmsName', () => {
  const client = { firstName: 'Jane', lastName: 'Smith' };

  it("accepts 'first last' in any case", () => {
    expect(confirmsName('Jane Smith', client)).toBe(true);
    expect(confirmsName('jane smith', client)).toBe(true);
    expect(confirmsName('  JANE SMITH ', client)).toBe(true);
  });

  it('refuses anything else', () => {
    expect(confirmsName('', client)).toBe(false);
    expect(confirmsName('Jane', client)).toBe(false);
    expect(confirmsName('Smith Jane', client)).toBe(false);
    expect(confirmsName('Jane  Smith', client)).toBe(false);
  });
});
