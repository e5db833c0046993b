/**
 * Tests book for "today" in Jakarta, the hospital's day: the server's suites work it out as each file loads,
 * and the browser suites' server seeds its demo sessions for the day it starts. A run across midnight there
 * would see the day change under it and fail for nothing. A run that would start less than `longestRunMs`
 * before midnight in Jakarta starts just after it instead, and says why.
 */
export async function startClearOfMidnight(longestRunMs: number): Promise<void> {
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const [hours = 0, minutes = 0, seconds = 0] = clock.format(new Date()).split(':').map(Number);
  const untilMidnight = ((24 * 60 - hours * 60 - minutes) * 60 - seconds) * 1000;
  if (untilMidnight > longestRunMs) return;
  console.log(`It is ${clock.format(new Date())} in Jakarta: the tests start after midnight there.`);
  await new Promise((resolve) => setTimeout(resolve, untilMidnight + 5000));
}
