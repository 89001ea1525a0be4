// Java definitions for the shared query extractor: classes and records, interfaces and
// annotation types, enums with their constants, methods and constructors (`Type.member`),
// fields and interface constants (one match per declarator: `int a, b;` names two).
export const JAVA_QUERY = `
(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(enum_constant name: (identifier) @name) @definition.constant
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(field_declaration (variable_declarator name: (identifier) @name)) @definition.property
(constant_declaration (variable_declarator name: (identifier) @name)) @definition.constant
`;
