// Regenerates src/server/modules/staff/ifsc-data.json from the installed `ifsc` package
// (a devDependency, decision 0013). After upgrading ifsc run:
//   node --import tsx scripts/generate-ifsc-data.ts
// and commit the file; ifsc-data.test.ts fails until the two agree.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  encodeIfscData,
  formatIfscDataFile,
  IFSC_DATA_FILE,
  type IfscPackageData,
} from '../src/server/modules/staff/ifsc-data.js';

const require = createRequire(import.meta.url);

/** The data files of the installed `ifsc` package (only its JSON; its code is never loaded). */
export function readInstalledIfscPackage(): IfscPackageData {
  return {
    version: (require('ifsc/package.json') as { version: string }).version,
    branches: require('ifsc/src/IFSC.json') as Record<string, (string | number)[]>,
    bankNames: require('ifsc/src/banknames.json') as Record<string, string>,
    sublets: require('ifsc/src/sublet.json') as Record<string, string>,
    customSublets: require('ifsc/src/custom-sublets.json') as Record<string, string>,
  };
}

/** The committed file's expected text for the installed package. */
export function expectedIfscDataText(): string {
  return formatIfscDataFile(encodeIfscData(readInstalledIfscPackage()));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = expectedIfscDataText();
  writeFileSync(IFSC_DATA_FILE, text);
  console.log(`Wrote ${IFSC_DATA_FILE} (${Math.round(text.length / 1024)} KB) from ${readInstalledIfscPackage().version}`);
}
