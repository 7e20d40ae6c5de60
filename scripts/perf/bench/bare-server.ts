/**
 * The machine's ceiling for the card lookup: a bare `node:http` server with a `pg` pool of the app's size,
 * answering `GET /card/{token}` with the SQL the app's getCardByToken runs (lib/services/cards.ts, as Prisma
 * sends it) and the same JSON. Whatever the app needs beyond this is the framework's cost.
 *
 * Run by the bench as its own process: DATABASE_URL, PORT; prints "listening" when ready.
 */
import http from 'node:http';
import pg from 'pg';

const CARD_TOKEN_PATTERN = /^\/card\/([A-Za-z0-9_-]{1,100})$/;
const CARD_SQL = `SELECT "firstName", "lastName", "cardNumber" FROM "public"."clients"
  WHERE ("inviteToken" = $1 OR "cardKey" = $2) LIMIT $3`;
/** The key of a branded address (lib/card-address.ts). */
const BRANDED_KEY = /(?:^|-)([0-9a-hjkmnp-tv-z]{10})$/;

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE) || 10, // lib/db.ts's default
});

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const match = req.method === 'GET' ? CARD_TOKEN_PATTERN.exec(req.url ?? '') : null;
  if (!match) return send(res, 404, { message: 'Not found.' });
  const token = match[1]!;
  pool.query(CARD_SQL, [token, BRANDED_KEY.exec(token)?.[1] ?? null, 1]).then(
    ({ rows }) =>
      rows[0] ? send(res, 200, rows[0]) : send(res, 404, { message: 'Referral Reward Card Not Found' }),
    (error: Error) => {
      console.error(error.message);
      send(res, 500, { message: 'Something went wrong.' });
    },
  );
});

server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));

const stop = () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
