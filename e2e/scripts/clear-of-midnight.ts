// The server of the browser suites seeds its demo sessions for the day it starts, in Jakarta; a run that
// crossed midnight there would book for a day without them. The whole chromium set took 16 minutes in CI
// on a slow day.
import { startClearOfMidnight } from '../../server/src/test/midnight.ts';

await startClearOfMidnight(20 * 60_000);
