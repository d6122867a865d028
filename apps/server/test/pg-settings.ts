/**
 * Settings of every test database (ALTER DATABASE … SET, for the connections opened after it): a
 * test database is thrown away, so a commit need not wait for its WAL to reach the disk, and the
 * few large statements of the tests are not worth compiling (JIT) for one run.
 */
export const TEST_DATABASE_SETTINGS = ['synchronous_commit = off', 'jit = off'];
