// Registry of index-database migrations, in order. Add one import and one entry per step.
import type { IndexMigration } from './index-migration';
import { migration0001IndexSchema } from './0001-index-schema';

export const indexMigrations: readonly IndexMigration[] = [migration0001IndexSchema];
