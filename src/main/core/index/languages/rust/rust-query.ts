// Rust definitions for the shared query extractor: functions (methods inside `impl T` and
// traits), structs and unions, enums with their variants, traits, type aliases, constants
// and statics, macros, inline modules (which qualify what they hold) and struct fields;
// `use` declarations and `mod` items for the import extractor.
export const RUST_QUERY = `
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(enum_variant name: (identifier) @name) @definition.property
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant
(macro_definition name: (identifier) @name) @definition.macro
(mod_item name: (identifier) @name body: (declaration_list)) @definition.module
(field_declaration name: (field_identifier) @name) @definition.property
(impl_item type: [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
  (scoped_type_identifier name: (type_identifier) @name)
]) @scope
(use_declaration) @import
(mod_item) @import
`;
