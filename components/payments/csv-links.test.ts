import { reportCsvUrl } from './csv-links';

describe('the CSV links', () => {
  it('points the CSV link at the month', () => {
    expect(reportCsvUrl({ year: 2026, month: 3 })).toBe('/api/payments/report.csv?year=2026&month=3');
  });
});
