// Creates the server's embedded database in the new folder named by its argument. `openDatabase`
// (client.ts) runs it in a process of its own, so that the memory of PGlite's initdb goes when it
// ends; it renames the folder into place once this exits with 0.
import { createServerPglite } from "./pglite.ts";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("Usage: node create-data-dir.ts FOLDER");
// Its parent holds the other end of stdin: a parent gone (killed) closes it, and the creation
// stops instead of finishing a folder nobody will rename.
process.stdin.once("end", () => process.exit(1)).resume();
await (await createServerPglite({ dataDir })).close();
process.exit(0);
