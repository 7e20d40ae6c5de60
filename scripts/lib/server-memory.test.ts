import {
  ARENA_MAX,
  MMAP_THRESHOLD,
  OLD_SPACE_MB,
  SEMI_SPACE_MB,
  serverMemoryEnv,
  serverNodeFlags,
} from './server-memory';

describe('serverMemoryEnv (the web server’s memory settings)', () => {
  it('adds the heap limits and the arena count to an environment without them', () => {
    const env = serverMemoryEnv({ PORT: '3000' });
    expect(env.PORT).toBe('3000');
    expect(env.NODE_OPTIONS).toBe(
      `--max-semi-space-size=${SEMI_SPACE_MB} --max-old-space-size=${OLD_SPACE_MB}`,
    );
    expect(env.MALLOC_ARENA_MAX).toBe(ARENA_MAX);
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe(MMAP_THRESHOLD);
  });

  it('keeps the operator’s own NODE_OPTIONS after the defaults', () => {
    expect(serverMemoryEnv({ NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
      `--max-semi-space-size=${SEMI_SPACE_MB} --max-old-space-size=${OLD_SPACE_MB} --enable-source-maps`,
    );
  });

  it('leaves out a default the operator already set, in either spelling', () => {
    expect(serverMemoryEnv({ NODE_OPTIONS: '--max-old-space-size=1024' }).NODE_OPTIONS).toBe(
      `--max-semi-space-size=${SEMI_SPACE_MB} --max-old-space-size=1024`,
    );
    expect(serverMemoryEnv({ NODE_OPTIONS: '--max_semi_space_size 8' }).NODE_OPTIONS).toBe(
      `--max-old-space-size=${OLD_SPACE_MB} --max_semi_space_size 8`,
    );
    expect(serverMemoryEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
    expect(serverMemoryEnv({ MALLOC_MMAP_THRESHOLD_: '1048576' }).MALLOC_MMAP_THRESHOLD_).toBe('1048576');
  });
});

describe('serverNodeFlags (V8 flags NODE_OPTIONS does not take)', () => {
  it('lets the server collect its garbage when it falls quiet, by default', () => {
    expect(serverNodeFlags({})).toEqual(['--expose-gc']);
  });

  it('takes the operator’s SERVER_NODE_FLAGS instead, and nothing when it is empty', () => {
    expect(serverNodeFlags({ SERVER_NODE_FLAGS: ' --stack-size=2000  --optimize-for-size ' })).toEqual([
      '--stack-size=2000',
      '--optimize-for-size',
    ]);
    expect(serverNodeFlags({ SERVER_NODE_FLAGS: '' })).toEqual([]);
  });
});
