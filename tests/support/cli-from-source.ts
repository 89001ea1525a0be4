// `sluice` from the sources, for tests that need the CLI as a real process without a build:
// `node --import tsx tests/support/cli-from-source.ts VERB …`.
import { main } from '../../src/cli/main';

process.exitCode = await main(process.argv.slice(2));
