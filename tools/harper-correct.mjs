// Corrects each line of a file with Harper (harper.js, installed outside the repository) the
// way a user who accepts every suggestion would: the first suggestion of every lint. Prints
// one line per input line, then its time on stderr.
//
//   node tools/harper-correct.mjs HARPER_DIR FILE
//
// HARPER_DIR is a folder holding node_modules/harper.js (npm install harper.js there).
import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [dir, file] = process.argv.slice(2);
if (!dir || !file) {
  console.error("usage: node tools/harper-correct.mjs HARPER_DIR FILE");
  process.exit(2);
}
const dist = path.join(path.resolve(dir), "node_modules", "harper.js", "dist");
// Up to 0.3x harper.js shipped index.js and binaryInlined.js; from 0.4x (0.51 here) one
// harper.js exports both.
const split = existsSync(path.join(dist, "index.js"));
const harper = await import(pathToFileURL(path.join(dist, split ? "index.js" : "harper.js")).href);
const { binaryInlined } = split ? await import(pathToFileURL(path.join(dist, "binaryInlined.js")).href) : harper;
const linter = new harper.LocalLinter({ binary: binaryInlined });
await linter.setup();

async function correct(line) {
  const lints = (await linter.lint(line)).filter((l) => l.suggestion_count() > 0);
  // Right to left, so that each lint's span still points into the text; a lint overlapping
  // one already applied is skipped.
  lints.sort((a, b) => b.span().start - a.span().start);
  let limit = Infinity;
  for (const l of lints) {
    if (l.span().end > limit)
      continue;
    line = await linter.applySuggestion(line, l, l.suggestions()[0]);
    limit = l.span().start;
  }
  return line;
}

const input = readFileSync(file, "utf8").replace(/\n$/, "").split("\n");
const t0 = process.hrtime.bigint();
const out = [];
for (const line of input)
  out.push(await correct(line));
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
process.stdout.write(out.join("\n") + "\n");
console.error(JSON.stringify({ lines: input.length, ms: Math.round(ms), sentences_per_s: +(input.length / (ms / 1000)).toFixed(1) }));
