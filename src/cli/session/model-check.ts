// /model NAME asks the API whether it has that model before the session switches to it: a
// typo is refused at once (the model stays), not found as a failed turn later. When the API
// cannot say (offline, no key), the name is taken and the session says it was not checked.
import Anthropic from '@anthropic-ai/sdk';

export type ModelCheck =
  | { readonly kind: 'found'; readonly displayName: string }
  | { readonly kind: 'absent'; readonly message: string }
  | { readonly kind: 'unchecked'; readonly reason: string };

/** How long the session waits for the API's answer. */
export const MODEL_CHECK_TIMEOUT_MS = 5_000;

export async function checkModel(client: Anthropic, name: string): Promise<ModelCheck> {
  try {
    const model = await client.models.retrieve(name, null, {
      timeout: MODEL_CHECK_TIMEOUT_MS,
      maxRetries: 0,
    });
    return { kind: 'found', displayName: model.display_name };
  } catch (error) {
    if (error instanceof Anthropic.NotFoundError)
      return { kind: 'absent', message: `the API has no model "${name}" (HTTP 404)` };
    return { kind: 'unchecked', reason: whyUnchecked(error) };
  }
}

/** The same, with a client made for it; one that cannot be made (no key) leaves it unchecked. */
export async function checkModelFromEnv(
  makeClient: () => Anthropic,
  name: string,
): Promise<ModelCheck> {
  let client: Anthropic;
  try {
    client = makeClient();
  } catch (error) {
    return { kind: 'unchecked', reason: error instanceof Error ? error.message : String(error) };
  }
  return checkModel(client, name);
}

/** Why the API gave no answer, in a few words. */
function whyUnchecked(error: unknown): string {
  if (error instanceof Anthropic.APIConnectionTimeoutError)
    return `the API did not answer within ${MODEL_CHECK_TIMEOUT_MS / 1000} s`;
  if (error instanceof Anthropic.APIConnectionError) return 'the API could not be reached';
  if (error instanceof Anthropic.APIError) return `the API answered HTTP ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}
