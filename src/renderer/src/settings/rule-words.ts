// What a person types into a rule's field, as a rule holds it: the words of a command prefix,
// the hosts of a network rule. Quotes are not interpreted (prefixes are plain words).

/** "npm run build" → ["npm", "run", "build"]. */
export function words(text: string): string[] {
  return text.split(/\s+/u).filter(Boolean);
}

/** "registry.npmjs.org, *.example.com:8443" → the hosts, split at spaces and commas. */
export function hostList(text: string): string[] {
  return text.split(/[\s,]+/u).filter(Boolean);
}
