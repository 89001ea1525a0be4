// Test support: every syntactic form under which the index records a definition, one name
// per form, for quick-definitions.test.ts. Each form's file is its own; the names appear
// besides only in a file that uses them (as the many files that mention a frequent name do).

export interface DefinitionForm {
  readonly form: string;
  readonly name: string;
  readonly code: string;
}

export interface LanguageForms {
  readonly language: string;
  readonly extension: string;
  readonly forms: readonly DefinitionForm[];
  /** A file of the language that only uses the names. */
  uses(names: readonly string[]): string;
}

const TYPESCRIPT: DefinitionForm[] = [
  { form: 'function', name: 'fnDecl', code: 'export function fnDecl(): void {}' },
  { form: 'generator function', name: 'fnGen', code: 'export function* fnGen() { yield 1; }' },
  { form: 'generator, star by the name', name: 'fnStar', code: 'function *fnStar() {}' },
  { form: 'function, name on the next line', name: 'fnNext', code: 'function\nfnNext() {}' },
  { form: 'function, comments around the name', name: 'fnNote', code: 'function/*a*/fnNote() {}' },
  { form: 'class', name: 'ClassDecl', code: 'export abstract class ClassDecl {}' },
  {
    form: 'class with heritage',
    name: 'HeirClass',
    code: 'interface I1 {}\nexport class HeirClass extends Object implements I1 {\n}',
  },
  { form: 'default-exported class', name: 'DefClass', code: 'export default class DefClass {}' },
  {
    form: 'class, name alone on its line',
    name: 'ClassNext',
    code: 'export class\n  ClassNext\n  extends Object {}',
  },
  { form: 'interface', name: 'IfaceDecl', code: 'export interface IfaceDecl { a: number }' },
  { form: 'type alias', name: 'TypeAlias', code: 'export type TypeAlias = string;' },
  { form: 'generic type alias', name: 'GenAlias', code: 'export type GenAlias<T> = T[];' },
  { form: 'enum', name: 'EnumDecl', code: 'export enum EnumDecl { A }' },
  { form: 'const enum', name: 'ConstEnum', code: 'export const enum ConstEnum { A }' },
  { form: 'namespace', name: 'NsDecl', code: 'export namespace NsDecl { export const x = 1; }' },
  { form: 'qualified namespace', name: 'QualLast', code: 'namespace Outer.QualLast {}' },
  {
    form: 'qualified namespace, last segment on the next line',
    name: 'QualBroken',
    code: 'namespace OuterB.\n  QualBroken {}',
  },
  {
    form: 'qualified namespace, dot on the next line',
    name: 'QualDot',
    code: 'namespace OuterC\n  .QualDot {}',
  },
  {
    form: 'namespace member',
    name: 'nsMember',
    code: 'export namespace Box { export function nsMember(): void {} }',
  },
  {
    form: 'ambient module',
    name: 'ambientWhole',
    code: "declare module 'ambientWhole' { export const v: number; }",
  },
  {
    form: 'ambient module named with dots',
    name: 'ambientLast',
    code: "declare module 'vendor.ambientLast' { export const v: number; }",
  },
  { form: 'const', name: 'constDecl', code: 'export const constDecl = 1;' },
  { form: 'let', name: 'letDecl', code: 'export let letDecl = 1;' },
  { form: 'var', name: 'varDecl', code: 'var varDecl = 1;' },
  { form: 'declare const', name: 'declConst', code: 'export declare const declConst: number;' },
  { form: 'later declarator', name: 'laterDecl', code: 'export const a = 1, laterDecl = 2;' },
  {
    form: 'later declarator with a type',
    name: 'typedLater',
    code: 'export let a: number, typedLater: string;',
  },
  {
    form: 'declarator on the next line',
    name: 'constNext',
    code: 'export const\n  constNext = 3;',
  },
  {
    form: 'declaration list broken over lines',
    name: 'listBroken',
    code: 'export let a = 1,\n  b = 2, listBroken: number;',
  },
  {
    form: 'using',
    name: 'usingDecl',
    code: 'export {};\nusing usingDecl = { [Symbol.dispose]() {} };',
  },
  { form: 'object destructuring', name: 'objBind', code: 'export const { objBind } = src;' },
  { form: 'renamed binding', name: 'renamedBind', code: 'export const { a: renamedBind } = src;' },
  { form: 'string key', name: 'strKeyBind', code: "export const { 'a-b': strKeyBind } = src;" },
  {
    form: 'computed key',
    name: 'compKeyBind',
    code: "export const { ['k' + 1]: compKeyBind } = src;",
  },
  { form: 'array destructuring', name: 'arrBind', code: 'export const [, arrBind] = [1, 2];' },
  { form: 'rest element', name: 'restBind', code: 'export const { a, ...restBind } = src;' },
  {
    form: 'binding with a default',
    name: 'defaultBind',
    code: 'export const { a: defaultBind = f(1, 2) } = src;',
  },
  {
    form: 'destructuring, one binding per line',
    name: 'lineBind',
    code: 'export const {\n  a,\n  lineBind,\n} = src;',
  },
  {
    form: 'renamed binding, one per line',
    name: 'lineRename',
    code: 'export const {\n  a: lineRename,\n} = src;',
  },
  {
    form: 'destructuring, bindings sharing a line',
    name: 'midBind',
    code: 'export const {\n  a, midBind\n} = src;',
  },
  {
    form: 'binding after an array default',
    name: 'afterArrayBind',
    code: 'export const { a = [1, 2], afterArrayBind } = src;',
  },
  {
    form: 'nested pattern',
    name: 'nestedBind',
    code: 'export const { inner: [, nestedBind] } = src;',
  },
  {
    form: 'export alias',
    name: 'aliasExport',
    code: 'const localA = 1;\nexport { localA as aliasExport };',
  },
  {
    form: 'export alias broken over lines',
    name: 'aliasBroken',
    code: 'const localB = 2;\nexport {\n  localB as\n  aliasBroken,\n};',
  },
  {
    form: 'export alias with a string name',
    name: 'aliasString',
    code: 'const localC = 3;\nexport { localC as "aliasString" };',
  },
  { form: 'namespace re-export', name: 'nsAgain', code: "export * as nsAgain from './f0';" },
  {
    form: 'exported import alias',
    name: 'importAlias',
    code: 'namespace Src { export const v = 1; }\nexport import importAlias = Src.v;',
  },
  { form: 'method', name: 'mMethod', code: 'class C1 {\n  mMethod(): void {}\n}' },
  { form: 'typed property', name: 'mTyped', code: 'class C2 {\n  mTyped: number = 1;\n}' },
  { form: 'property', name: 'mInit', code: 'class C3 {\n  mInit = 1\n}' },
  { form: 'optional property', name: 'mOpt', code: 'class C4 {\n  mOpt?: number;\n}' },
  { form: 'definite property', name: 'mDef', code: 'class C5 {\n  mDef!: number;\n}' },
  { form: 'static property', name: 'mStatic', code: 'class C6 {\n  static mStatic = 1;\n}' },
  {
    form: 'readonly private property',
    name: 'mReadonly',
    code: 'class C7 {\n  private readonly mReadonly = 1;\n}',
  },
  { form: 'getter', name: 'mGetter', code: 'class C8 {\n  get mGetter() { return 1; }\n}' },
  { form: 'async method', name: 'mAsync', code: 'class C9 {\n  async mAsync() {}\n}' },
  { form: 'generator method', name: 'mGen', code: 'class C10 {\n  *mGen() { yield 1; }\n}' },
  {
    form: 'async generator method',
    name: 'mAsyncGen',
    code: 'class C11 {\n  async *mAsyncGen() { yield 1; }\n}',
  },
  {
    form: 'decorated property',
    name: 'mDecorated',
    code: 'declare const dec: any;\nclass C12 {\n  @dec mDecorated = 1;\n}',
  },
  {
    form: 'decorated method, decorator with arguments',
    name: 'mDecCall',
    code: 'declare const dec: any;\nclass C13 {\n  @dec() mDecCall() {}\n}',
  },
  {
    form: 'parameter property',
    name: 'mParam',
    code: 'class C14 {\n  constructor(private readonly mParam: number) {}\n}',
  },
  {
    form: 'decorated parameter property on its own line',
    name: 'mParamDec',
    code: 'declare const dec: any;\nclass C15 {\n  constructor(\n    @dec() public mParamDec: number,\n  ) {}\n}',
  },
  { form: 'string-named method', name: 'mQuoted', code: "class C16 {\n  'mQuoted'() {}\n}" },
  {
    form: 'string-named property with dots',
    name: 'mDotted',
    code: "class C17 {\n  'a.mDotted' = 1;\n}",
  },
  { form: 'one-line class', name: 'mOneLine', code: 'class C18 { a = 1; mOneLine = 2 }' },
  {
    form: 'member after a comment',
    name: 'mAfterNote',
    code: 'class C19 {\n  /* c */ mAfterNote() {}\n}',
  },
  { form: 'auto-accessor', name: 'mAccessor', code: 'class C20 {\n  accessor mAccessor = 1;\n}' },
  {
    form: 'declared field',
    name: 'mDeclared',
    code: 'class C21 {\n  declare mDeclared: number;\n}',
  },
  {
    form: 'member name on the line after its modifier',
    name: 'mNextLine',
    code: 'class C22 {\n  static\n  mNextLine = 1;\n}',
  },
  {
    form: 'CRLF lines',
    name: 'crlfBind',
    code: 'export const {\r\n  crlfBind\r\n} = src;\r\n',
  },
];

const PYTHON: DefinitionForm[] = [
  { form: 'def', name: 'py_function', code: 'def py_function():\n    pass' },
  { form: 'async def', name: 'py_async', code: 'async def py_async():\n    pass' },
  { form: 'class', name: 'PyClass', code: 'class PyClass:\n    pass' },
  {
    form: 'method',
    name: 'py_method',
    code: 'class Holder:\n    def py_method(self):\n        pass',
  },
  { form: 'class attribute', name: 'py_attribute', code: 'class Attrs:\n    py_attribute = 1' },
  { form: 'module variable', name: 'py_variable', code: 'py_variable = 1' },
  { form: 'annotated assignment', name: 'py_annotated', code: 'py_annotated: int = 1' },
  { form: 'annotation alone', name: 'py_declared', code: 'py_declared: int' },
  { form: 'chained assignment', name: 'py_chained', code: 'first = py_chained = 1' },
  { form: 'after a semicolon', name: 'py_semicolon', code: 'x = 1; py_semicolon = 2' },
  { form: 'one-line if', name: 'py_in_if', code: 'if True: py_in_if = 1' },
  { form: 'type alias', name: 'PyAlias', code: 'type PyAlias = int' },
  {
    form: 'def, name after a backslash',
    name: 'py_continued',
    code: 'def \\\n    py_continued():\n    pass',
  },
  {
    form: 'class, name after a backslash',
    name: 'PyContinued',
    code: 'class \\\n    PyContinued(object):\n    pass',
  },
  { form: 'assignment continued', name: 'py_backslash', code: 'py_backslash \\\n    = 1' },
];

const GO: DefinitionForm[] = [
  { form: 'func', name: 'GoFunc', code: 'func GoFunc() {}' },
  { form: 'method', name: 'GoMethod', code: 'type Recv struct{}\n\nfunc (r *Recv) GoMethod() {}' },
  {
    form: 'method of a generic type',
    name: 'GoGenMethod',
    code: 'type Gen[T any] struct{}\n\nfunc (r Gen[T]) GoGenMethod() {}',
  },
  { form: 'struct', name: 'GoStruct', code: 'type GoStruct struct{}' },
  { form: 'interface', name: 'GoIface', code: 'type GoIface interface{}' },
  { form: 'alias', name: 'GoAlias', code: 'type GoAlias = int' },
  { form: 'generic type', name: 'GoGeneric', code: 'type GoGeneric[T any] struct{ v T }' },
  { form: 'var', name: 'GoVar', code: 'var GoVar = 1' },
  { form: 'const', name: 'GoConst', code: 'const GoConst = 1' },
  { form: 'grouped const', name: 'GoIota', code: 'const (\n\tFirstConst = iota\n\tGoIota\n)' },
  { form: 'grouped var', name: 'GoGroupedVar', code: 'var (\n\tGoGroupedVar int\n)' },
  { form: 'var list', name: 'GoListed', code: 'var goA, GoListed int' },
  { form: 'grouped type', name: 'GoGroupedType', code: 'type (\n\tGoGroupedType int\n)' },
  { form: 'struct field', name: 'GoField', code: 'type Fields struct {\n\tGoField int\n}' },
  {
    form: 'struct fields sharing a line',
    name: 'GoFieldListed',
    code: 'type Fields2 struct {\n\ta, GoFieldListed int\n}',
  },
  { form: 'one-line struct', name: 'GoOneLine', code: 'type Fields3 struct{ GoOneLine int }' },
  { form: 'interface method', name: 'GoDo', code: 'type Doer interface {\n\tGoDo() error\n}' },
  { form: 'func, comment before the name', name: 'GoNoted', code: 'func /* c */ GoNoted() {}' },
];

const RUST: DefinitionForm[] = [
  { form: 'fn', name: 'rust_fn', code: 'fn rust_fn() {}' },
  { form: 'pub async fn', name: 'rust_async', code: 'pub async fn rust_async() {}' },
  { form: 'unit struct', name: 'RustUnit', code: 'struct RustUnit;' },
  { form: 'struct', name: 'RustStruct', code: 'pub struct RustStruct {\n    a: u32,\n}' },
  { form: 'union', name: 'RustUnion', code: 'union RustUnion {\n    a: u32,\n}' },
  { form: 'enum', name: 'RustEnum', code: 'enum RustEnum {\n    A,\n}' },
  { form: 'variant', name: 'RustVariant', code: 'enum E1 {\n    RustVariant,\n}' },
  { form: 'variant sharing a line', name: 'RustInline', code: 'enum E2 { A, RustInline }' },
  { form: 'tuple variant', name: 'RustTuple', code: 'enum E3 {\n    RustTuple(u32),\n}' },
  { form: 'trait', name: 'RustTrait', code: 'trait RustTrait {}' },
  {
    form: 'trait method',
    name: 'rust_trait_fn',
    code: 'trait T1 {\n    fn rust_trait_fn(&self);\n}',
  },
  {
    form: 'impl method',
    name: 'rust_impl_fn',
    code: 'struct S1;\nimpl S1 {\n    pub fn rust_impl_fn(&self) {}\n}',
  },
  { form: 'type alias', name: 'RustAlias', code: 'type RustAlias = u32;' },
  { form: 'const', name: 'RUST_CONST', code: 'const RUST_CONST: u32 = 1;' },
  { form: 'static', name: 'RUST_STATIC', code: 'static RUST_STATIC: u32 = 1;' },
  { form: 'static mut', name: 'RUST_MUT', code: 'static mut RUST_MUT: u32 = 1;' },
  { form: 'macro_rules', name: 'rust_macro', code: 'macro_rules! rust_macro {\n    () => {};\n}' },
  { form: 'inline module', name: 'rust_mod', code: 'mod rust_mod {\n    pub fn f() {}\n}' },
  { form: 'field', name: 'rust_field', code: 'struct S2 {\n    rust_field: u32,\n}' },
  { form: 'pub field', name: 'rust_pub', code: 'struct S3 { a: u32, pub rust_pub: u32 }' },
  {
    form: 'pub(crate) field',
    name: 'rust_crate',
    code: 'struct S4 { a: u32, pub(crate) rust_crate: u32 }',
  },
  {
    form: 'field after an attribute',
    name: 'rust_attr',
    code: 'struct S5 { a: u32, #[allow(dead_code)] rust_attr: u32 }',
  },
  {
    form: 'fields sharing a line',
    name: 'rust_inline',
    code: 'struct S6 { a: u32, rust_inline: u32 }',
  },
  { form: 'fn, name on the next line', name: 'rust_next', code: 'fn\nrust_next() {}' },
];

const JAVA: DefinitionForm[] = [
  { form: 'class', name: 'JavaClass', code: 'public class JavaClass {}' },
  { form: 'interface', name: 'JavaIface', code: 'interface JavaIface {}' },
  { form: 'annotation type', name: 'JavaAnno', code: '@interface JavaAnno {}' },
  { form: 'enum', name: 'JavaEnum', code: 'enum JavaEnum { A }' },
  { form: 'record', name: 'JavaRecord', code: 'record JavaRecord(int a) {}' },
  { form: 'generic class', name: 'JavaGeneric', code: 'class JavaGeneric<T> {}' },
  {
    form: 'class, name alone on its line',
    name: 'JavaNextClass',
    code: 'class\nJavaNextClass\n{}',
  },
  {
    form: 'class, name on the next line with its type parameters',
    name: 'JavaNextGeneric',
    code: 'class\nJavaNextGeneric<T> extends Object {}',
  },
  { form: 'enum constant sharing a line', name: 'JAVA_INLINE', code: 'enum E1 { A, JAVA_INLINE }' },
  {
    form: 'enum constant with arguments',
    name: 'JAVA_ARGS',
    code: 'enum E2 {\n  JAVA_ARGS(1);\n  E2(int a) {}\n}',
  },
  { form: 'method', name: 'javaMethod', code: 'class M1 {\n  void javaMethod() {}\n}' },
  {
    form: 'generic method',
    name: 'javaGeneric',
    code: 'class M2 {\n  public static <T> T javaGeneric(T t) { return t; }\n}',
  },
  {
    form: 'method returning an array',
    name: 'javaArray',
    code: 'class M3 {\n  int[] javaArray() { return null; }\n}',
  },
  {
    form: 'method returning a generic type',
    name: 'javaList',
    code: 'class M4 {\n  java.util.List<String> javaList() { return null; }\n}',
  },
  { form: 'constructor', name: 'JavaCtor', code: 'class JavaCtor {\n  public JavaCtor() {}\n}' },
  { form: 'field', name: 'javaField', code: 'class F1 {\n  int javaField;\n}' },
  { form: 'field list', name: 'javaListed', code: 'class F2 {\n  int a, javaListed;\n}' },
  { form: 'field with a value', name: 'javaInit', code: 'class F3 {\n  int javaInit = 1;\n}' },
  {
    form: 'C-style array field',
    name: 'javaCArray',
    code: 'class F4 {\n  String javaCArray[];\n}',
  },
  {
    form: 'interface constant',
    name: 'JAVA_CONST',
    code: 'interface K1 {\n  int JAVA_CONST = 1;\n}',
  },
  {
    form: 'method, name on the next line',
    name: 'javaNextLine',
    code: 'class M5 {\n  public void\n  javaNextLine() {}\n}',
  },
];

export const LANGUAGE_FORMS: readonly LanguageForms[] = [
  {
    language: 'TypeScript',
    extension: 'ts',
    forms: TYPESCRIPT,
    uses: (names) =>
      [
        `import { ${names.join(', ')} } from './forms';`,
        ...names.map(
          (n) => `export const use_${n}: ${n}[] = [new ${n}(${n}.x), ${n}.y(<${n}>z)] as ${n}[];`,
        ),
      ].join('\n'),
  },
  {
    language: 'Python',
    extension: 'py',
    forms: PYTHON,
    uses: (names) =>
      [
        `from forms import ${names.join(', ')}`,
        ...names.map((n) => `use_${n} = ${n}(${n}.x)`),
      ].join('\n'),
  },
  {
    language: 'Go',
    extension: 'go',
    forms: GO,
    uses: (names) =>
      [
        'package forms',
        '',
        'func useAll() {',
        ...names.map((n) => `\t_ = ${n}.x + f(${n})`),
        '}',
      ].join('\n'),
  },
  {
    language: 'Rust',
    extension: 'rs',
    forms: RUST,
    uses: (names) =>
      ['fn use_all() {', ...names.map((n) => `    let _ = ${n}::x(${n});`), '}'].join('\n'),
  },
  {
    language: 'Java',
    extension: 'java',
    forms: JAVA,
    uses: (names) =>
      [
        'class Use {',
        '  void run() {',
        ...names.map((n) => `    Object o = ${n}.x(${n}.class);`),
        '  }',
        '}',
      ].join('\n'),
  },
];

/** Go files need their package clause; the others stand alone. */
export function formFile(language: LanguageForms, form: DefinitionForm): string {
  return language.extension === 'go' ? `package forms\n\n${form.code}\n` : `${form.code}\n`;
}
