/** An SDK middleware that records every DynamoDB and S3 request (operation, table, start, end). */
export interface CountedCall {
  client: string;
  operation: string;
  table: string | undefined;
  start: number;
  end: number;
}

interface Stackable {
  middlewareStack: {
    add(mw: unknown, opts: { step: string; name: string }): void;
    remove(name: string): boolean;
  };
  config: { serviceId?: string };
}

export function countRequests(clients: readonly unknown[]) {
  const calls: CountedCall[] = [];
  const name = `bench-counter-${Math.random().toString(36).slice(2)}`;
  for (const c of clients as Stackable[]) {
    c.middlewareStack.add(
      (next: (args: unknown) => Promise<unknown>, context: { clientName?: string; commandName?: string }) =>
        async (args: { input?: { TableName?: string; RequestItems?: Record<string, unknown> } }) => {
          const start = performance.now();
          try {
            return await next(args);
          } finally {
            const input = args.input ?? {};
            const table = input.TableName ?? Object.keys(input.RequestItems ?? {})[0];
            calls.push({
              client: context.clientName ?? 'unknown',
              operation: context.commandName ?? 'unknown',
              table: table?.replace(/^.*-/, ''),
              start,
              end: performance.now(),
            });
          }
        },
      { step: 'initialize', name },
    );
  }
  return {
    calls,
    reset: () => {
      calls.length = 0;
    },
    stop: () => {
      for (const c of clients as Stackable[]) c.middlewareStack.remove(name);
    },
  };
}
