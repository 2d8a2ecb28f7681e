// `npm start`: install what is missing, build what is stale, then serve the product.
import { ensureInstalled, ensureWebBuilt, SERVER_NODE_FLAGS, spawnProject } from './lib.mjs';

ensureInstalled();
if (ensureWebBuilt() !== 0) {
  console.error('The web app did not build; see the messages above.');
  process.exit(1);
}
spawnProject([...SERVER_NODE_FLAGS, 'apps/server/src/main.ts']);
