// What can be a model's name (an Anthropic id, or a Bedrock or Vertex one): letters, digits
// and . _ : @ -, at most 100 characters. Anything else is refused before it reaches the API.
const MODEL_NAME = /^[A-Za-z0-9._:@-]{1,100}$/u;

export function isModelName(name: string): boolean {
  return MODEL_NAME.test(name);
}
