/**
 * The end-to-end tests' mail server (issue 17): a real SMTP server (tests/support/mail-server.ts) that the app
 * under test sends through (SMTP_URL), and a small HTTP server beside it for the tests to read what arrived:
 * GET /mails?to=address → [{ to, subject, text, html }]. Started by playwright.config.ts before the app.
 */
import http from 'node:http';
import { recipients, startMailServer } from '../support/mail-server';

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT);
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT);

async function main() {
  const mail = await startMailServer(smtpPort);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/health') {
      res.writeHead(200).end('ok');
      return;
    }
    if (url.pathname === '/mails') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = mail.mails
        .filter((m) => !to || recipients(m).includes(to))
        .map((m) => ({
          to: recipients(m),
          subject: m.subject ?? '',
          text: m.text ?? '',
          html: typeof m.html === 'string' ? m.html : '',
        }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(httpPort, '127.0.0.1');
  console.log(`[mail-catcher] SMTP on ${mail.port}, mails at http://127.0.0.1:${httpPort}/mails`);
  const stop = () => {
    server.close();
    void mail.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
