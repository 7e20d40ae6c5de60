import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { PracticeUpload, takenText } from './practice-upload';

/** Issue 34: the upload's first state, and the words once records are taken. */
describe('PracticeUpload', () => {
  it('starts with a labelled file picker for .csv and .xlsx, the kind select and an empty status', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <PracticeUpload />
      </QueryClientProvider>,
    );
    expect(html).toMatch(/<label[^>]*for="([^"]+)-file"[^>]*>Upload a practice export<\/label>/);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*accept="\.csv,\.xlsx"/);
    expect(html).toContain('What the file holds');
    for (const label of ['Completed appointments', 'New patients (first visit)', 'Payments'])
      expect(html).toContain(`>${label}</option>`);
    expect(html).toContain('role="status"');
    expect(html).not.toContain('role="alert"');
  });

  it('says what taking the records did', () => {
    const counts = { received: 12, new: 10, duplicates: 2, matched: 3, proposed: 4, confirmed: 0 };
    expect(takenText(counts)).toBe('12 records taken: 10 new, 3 matched, 4 proposed to confirm.');
    expect(takenText({ ...counts, received: 1, confirmed: 1 })).toBe(
      '1 record taken: 10 new, 3 matched, 4 proposed to confirm. 1 referral started automatically (the clinic’s setting).',
    );
  });
});
