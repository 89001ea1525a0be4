// Go definitions for the shared query extractor: functions, methods (qualified by their
// receiver's type), struct / interface / other named types and aliases, constants and
// package variables, struct fields and interface methods as `Type.member`. Names that may
// repeat (`const a, b = 1, 2`) are matched without their field: one match per name.
const RECEIVER_TYPE = `[
  (type_identifier) @receiver
  (pointer_type (type_identifier) @receiver)
  (generic_type type: (type_identifier) @receiver)
  (pointer_type (generic_type type: (type_identifier) @receiver))
]`;

export const GO_QUERY = `
(function_declaration name: (identifier) @name) @definition.function
(method_declaration
  receiver: (parameter_list (parameter_declaration type: ${RECEIVER_TYPE}))
  name: (field_identifier) @name) @definition.method
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name) @definition.type
(type_alias name: (type_identifier) @name) @definition.type
(const_spec (identifier) @name) @definition.constant
(var_spec (identifier) @name) @definition.variable
(field_declaration (field_identifier) @name) @definition.property
(method_elem name: (field_identifier) @name) @definition.method
`;
