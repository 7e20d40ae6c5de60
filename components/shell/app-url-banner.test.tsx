import { renderToStaticMarkup } from 'react-dom/server';
import { appUrlState } from '@/lib/local-address';
import { appUrlBanner } from './app-url-banner';

/** Issue 29, point 6: a loopback or private APP_URL is warned about like a missing one. */
describe('the APP_URL banner', () => {
  const admin = { isFullAdmin: true };
  const html = (origin: string, defaulted: boolean, user = admin) => {
    const banner = appUrlBanner(user, origin, appUrlState(origin, defaulted));
    return banner ? renderToStaticMarkup(banner) : null;
  };

  it('shows a full admin that APP_URL is a local address, with what to set', () => {
    const text = html('http://127.0.0.1:3210', false);
    expect(text).toContain('APP_URL is a local address');
    expect(text).toContain('APP_URL is http://127.0.0.1:3210, which only this computer or network can open');
    expect(text).toContain('Set APP_URL to the clinic&#x27;s public address');
  });

  it('still says when APP_URL is not set', () => {
    expect(html('http://localhost:3000', true)).toContain('APP_URL is not set');
  });

  it('is not shown for a public address, nor to staff who cannot change it', () => {
    expect(html('https://referrals.brightsmile.co.uk', false)).toBeNull();
    expect(html('http://192.168.1.20:3000', false, { isFullAdmin: false })).toBeNull();
  });
});
