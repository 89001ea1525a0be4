// Python definitions for the shared query extractor: classes, functions (methods inside a
// class), `type X = …` aliases, and assignments to a plain name (module variables and
// constants, class attributes; locals inside functions are dropped by the extractor), and
// the import statements for the import extractor.
export const PYTHON_QUERY = `
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
(type_alias_statement left: (type (identifier) @name)) @definition.type
(assignment left: (identifier) @name) @definition.variable
(import_statement) @import
(import_from_statement) @import
`;
