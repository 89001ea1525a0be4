// Readable and writable handles are distinct types (after Signal Desktop's ReadableDB /
// WritableDB): a function that only reads asks for a ReadableDb, and only code that opened
// the database for writing holds a WritableDb. A WritableDb is also a ReadableDb.
import type Database from 'better-sqlite3';

declare const readableBrand: unique symbol;
declare const writableBrand: unique symbol;

export type ReadableDb = Database.Database & { readonly [readableBrand]: true };
export type WritableDb = ReadableDb & { readonly [writableBrand]: true };
