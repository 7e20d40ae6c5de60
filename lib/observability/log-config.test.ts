import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions, logLevel, scrubText, serializeError } from './log-config.js';

/** A logger writing into an array of parsed lines. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino(loggerOptions({ level: 'info' }), stream), lines, text: () => JSON.stringify(lines) };
}

describe('the log configuration: personal data never written', () => {
  it('redacts known personal keys at the top and two levels down', () => {
    const { logger, lines, text } = capture();
    logger.info(
      {
        email: 'jane.smith@example.com',
        name: 'Jane Smith',
        client: { firstName: 'Jane', lastName: 'Smith', phone: '07700 900123' },
        body: { bank: { accountNumber: '31926819', sortCode: '60-16-13' }, password: 'Hunter2-secret' },
        token: 'k8Jq2v_Zr0Xy7TfLmN3pQw',
        clientId: 'c-1',
      },
      'saved',
    );
    const out = text();
    for (const secret of [
      'jane.smith@example.com',
      'Jane',
      'Smith',
      '07700',
      '31926819',
      '60-16-13',
      'Hunter2',
      'k8Jq2v',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'saved', clientId: 'c-1', email: '[redacted]' });
    expect(lines[0]!.service).toBe('smile-referrals');
  });

  it('masks emails and UK phone numbers inside message texts', () => {
    const { logger, text } = capture();
    logger.warn('mail to jane.smith@example.com or +44 7700 900123 or 020 7946 0018 refused');
    expect(text()).not.toMatch(/jane\.smith|7700 900123|7946 0018/);
    expect(text()).toContain('mail to [email] or [phone] or [phone] refused');
    expect(scrubText('order 12345 took 250 ms')).toBe('order 12345 took 250 ms');
  });

  it("keeps an error's type, first line and stack frames, not its data", () => {
    const error = Object.assign(
      new Error(
        'Invalid `prisma.client.create()` invocation:\n{ data: { firstName: "Jane", email: "j@x.io" } }',
      ),
      { code: 'P2002', meta: { target: ['email'], value: 'j@x.io' } },
    );
    const out = serializeError(error) as { type: string; message: string; stack: string; code: string };
    expect(out.type).toBe('Error');
    expect(out.message).toBe('Invalid `prisma.client.create()` invocation:');
    expect(out.code).toBe('P2002');
    expect(out.stack).toMatch(/^\s+at /);
    expect(JSON.stringify(out)).not.toMatch(/Jane|j@x\.io|meta/);

    const smtp = serializeError(new Error('550 5.1.1 <jane@example.com>: Recipient address rejected'));
    expect(JSON.stringify(smtp)).not.toContain('jane@example.com');

    const { logger, text } = capture();
    logger.error({ err: error }, 'failed');
    expect(text()).toContain('P2002');
    expect(text()).not.toMatch(/Jane|j@x\.io/);
  });

  it('takes LOG_LEVEL when it names a level, else info', () => {
    expect(logLevel('debug')).toBe('debug');
    expect(logLevel(' WARN ')).toBe('warn');
    expect(logLevel('loud')).toBe('info');
    expect(logLevel(undefined)).toBe('info');
  });
});
