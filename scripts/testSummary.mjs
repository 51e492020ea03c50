// Prints the plain closing line CI reads: "N passed, N failed, N skipped", from Vitest's JSON report.
import { existsSync, readFileSync } from "node:fs";

const file = process.argv[2];
if (!file || !existsSync(file)) {
  process.stdout.write("0 passed, 1 failed, 0 skipped\n");
  process.exit(0);
}
const report = JSON.parse(readFileSync(file, "utf8"));
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
const failedSuites = (report.testResults ?? []).filter(
  (suite) => suite.status === "failed" && suite.assertionResults?.length === 0,
).length;
process.stdout.write(
  `${report.numPassedTests} passed, ${report.numFailedTests + failedSuites} failed, ${skipped} skipped\n`,
);
