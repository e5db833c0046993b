// The server of the browser suites seeds its demo sessions for the day it starts, in Jakarta; a run that
// crossed midnight there would book for a day without them. The longest run here, the whole chromium set on
// CI's busy machine, takes about 6 minutes.
import { startClearOfMidnight } from '../../server/src/test/midnight.ts';

await startClearOfMidnight(9 * 60_000);
