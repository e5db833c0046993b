import { type SurveyIndex, surveyElementNames, surveyElements, surveyGradeLabels } from '@portal/contract';
import { csvFile } from '../../lib/csv.js';

/** Two decimals with a comma, as the index is read in Indonesia (the file's separator is the semicolon). */
const decimal = (value: number) => value.toFixed(2).replace('.', ',');

const header = [
  'Bulan',
  'Unit',
  'Responden',
  ...surveyElements.map((element) => `NRR ${element.toUpperCase()} ${surveyElementNames[element]}`),
  'IKM',
  'Mutu',
  'Kinerja',
];

/** The index as a spreadsheet opens it (see lib/csv.ts); the values rounded to two decimals only here. */
export function surveyIndexCsv(index: SurveyIndex): string {
  return csvFile([
    header,
    ...index.rows.map((row) => [
      row.month,
      row.unitName,
      row.respondents,
      ...surveyElements.map((element) => decimal(row.nrr[element])),
      decimal(row.index),
      row.grade,
      surveyGradeLabels[row.grade],
    ]),
  ]);
}
