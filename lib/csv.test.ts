import { csvAmount, csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvCell('Jane "JJ" Smith')).toBe('"Jane ""JJ"" Smith"');
    expect(csvCell('a,b\nc')).toBe('"a,b\nc"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(12)).toBe('"12"');
  });

  it.each(['=1+1', '+44 7123', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'defuses a text cell starting with a formula character: %p',
    (value) => {
      expect(csvCell(value)).toBe(`"'${value}"`);
    },
  );

  it('leaves ordinary text and numbers alone', () => {
    expect(csvCell("O'Neil")).toBe('"O\'Neil"');
    expect(csvCell(-5)).toBe('"-5"');
  });
});

describe('toCsv', () => {
  it('writes a BOM, a header and CRLF-terminated rows', () => {
    expect(toCsv(['A', 'B'], [['x', 1]])).toBe('\uFEFF"A","B"\r\n"x","1"\r\n');
  });
});

describe('csvAmount', () => {
  it('writes pounds with two decimals and no symbol', () => {
    expect(csvAmount(200)).toBe('200.00');
    expect(csvAmount(1250.5)).toBe('1250.50');
  });

  it('rounds through whole pence, as lib/money.ts does: a float sum is written as a person would', () => {
    expect(csvAmount(0.1 + 0.2)).toBe('0.30');
  });
});
