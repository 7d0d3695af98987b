import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];
type Query = Transaction["query"];

/** Distinct statement texts kept prepared; the least recently used one is closed beyond it. */
export const PREPARED_STATEMENTS_KEPT = 500;

interface Statement {
  name: string;
  /** The parameters' type OIDs, as Describe gave them: each value is serialised for its type. */
  paramTypes: number[];
  /** Its RowDescription, or null for a statement that returns no rows. */
  rowDescription: BackendMessage | null;
}

/**
 * Makes every statement of `client` a named prepared statement of its one session, parsed and
 * planned once per distinct text (decision 0041). PGlite's own `query` sends an unnamed statement:
 * Parse, Describe, Bind, Describe, Execute and Sync, each a call into the WebAssembly backend,
 * and PostgreSQL parses and plans the text again every time — for the cart's reads, planning
 * took four times as long as running them. Here a known text is one call: Bind, Execute, Sync.
 *
 * Results, parameter serialisation, errors and the one-statement-at-a-time and transaction
 * exclusivity are PGlite's own (its parsers, serializers, `parseResults` and mutexes); only the
 * statement's name and the messages sent change. Options this does not handle (a COPY blob,
 * explicit parameter types) go through PGlite's `query` unchanged.
 */
export function preparePgliteStatements(client: PGlite): void {
  const statements = new Map<string, Statement>();
  /** Names dropped from the map, closed in the session with the next Parse. */
  const toClose: string[] = [];
  let counter = 0;
  const unprepared = client.query.bind(client) as Query;

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) {
    return client._runExclusiveQuery(async () => {
      let statement = statements.get(text);
      try {
        if (statement) {
          // Most recently used last: the first key is the one to close.
          statements.delete(text);
          statements.set(text, statement);
        }
        const { name, paramTypes, rowDescription } = (statement ??= await prepare(text, options));
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const oid = paramTypes[i];
          const serialize = options?.serializers?.[oid] ?? client.serializers[oid];
          return serialize ? serialize(param) : String(param);
        });
        const messages = await client.execProtocolStream(
          Buffer.concat([protocol.serialize.bind({ statement: name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]),
          { syncToFs: false, onNotice: options?.onNotice },
        );
        if (!inTransaction) await client.syncToFs();
        const described = rowDescription ? [rowDescription, ...messages] : messages;
        return parse.parseResults(described, client.parsers, options)[0] as Results<T>;
      } catch (error) {
        // A table changed under the plan ("cached plan must not change result type"): prepare it again next time.
        if (statement && error instanceof protocol.messages.DatabaseError && error.code === "0A000") {
          statements.delete(text);
          toClose.push(statement.name);
        }
        throw withQuery(error, text, params, options);
      }
    });
  }

  /** Parses and describes `text` as a new named statement; closes the least recently used beyond the limit. */
  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `pglite_${++counter}`;
    if (statements.size >= PREPARED_STATEMENTS_KEPT) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      toClose.push(oldest.name);
    }
    const messages = toClose.splice(0).map((closed) => protocol.serialize.close({ type: "S", name: closed }));
    messages.push(
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: "S", name }),
      protocol.serialize.sync(),
    );
    const described = await client.execProtocolStream(Buffer.concat(messages), { syncToFs: false, onNotice: options?.onNotice });
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === "rowDescription") ?? null,
    };
    statements.set(text, statement);
    return statement;
  }

  const handled = (options: QueryOptions | undefined) => !options?.blob && !options?.paramTypes;

  client.query = (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!handled(options)) return unprepared(text, params, options);
    await client._checkReady();
    // As PGlite's own query: not while a transaction of another caller is open.
    return client._runExclusiveTransaction(() => run(text, params, options, false));
  }) as Query;

  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      const query = (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (tx.closed) throw new Error("Transaction is closed");
        if (!handled(options)) return tx.query(text, params, options);
        return run(text, params, options, true);
      }) as Query;
      return callback(Object.assign(Object.create(tx) as Transaction, { query }));
    });
}

/** As PGlite's own errors: the statement and its parameters on the error (drizzle and our logs read them). */
function withQuery(error: unknown, query: string, params: unknown[], queryOptions: QueryOptions | undefined): unknown {
  if (error instanceof protocol.messages.DatabaseError) Object.assign(error, { query, params, queryOptions });
  return error;
}
