// The person's word on building the project's devcontainer for a container run: the Dockerfile
// is the project's code, shown escaped in full (up to a bound), with the pin it is approved by;
// only "y" builds. Without a terminal nobody is asked and the build is refused.
import type { BuildApprovalRequest } from '../main/core/runs/container-image';
import { showUntrusted } from './terminal-mcp-approval';
import { askLine } from './commit-message-prompt';
import type { CliIo } from './cli-io';

/** A prompt for setUpContainerExecutor's askBuild, or undefined where there is no terminal. */
export function terminalBuildApproval(
  io: CliIo,
): ((request: BuildApprovalRequest) => Promise<boolean>) | undefined {
  if (!io.stdin.isTTY) return undefined;
  return async (request) => {
    io.stderr.write(
      `\nThis container run starts from the project's devcontainer, built from ${showUntrusted(request.dockerfile)} (context ${showUntrusted(request.context)}).\n` +
        `The build runs the project's own steps on your container engine, with the network off. The Dockerfile:\n\n` +
        `${showUntrusted(request.text)
          .split('\n')
          .map((line) => `    ${line}`)
          .join('\n')}\n\n` +
        `Your answer holds for exactly this Dockerfile and build context (pin ${request.pin.slice(0, 12)}); a change asks again.\n`,
    );
    const answer = (await askLine(io, 'Build it? [y]es / [n]o: ')).toLowerCase();
    return answer === 'y' || answer === 'yes';
  };
}
