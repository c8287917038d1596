/** One evaluation question, as in `shared/eval/dev/<collection>.jsonl`. */
export interface EvalQuestion {
  id: string;
  question: string;
  answer: string;
  answers: string[];
  type: string;
  /** Gold file paths relative to the docs folder, e.g. `musique/some-file.md`. Empty: unanswerable. */
  gold: string[];
}

/** Parses JSON Lines; a malformed line is reported with its number. */
export function parseQuestions(text: string): EvalQuestion[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line.length > 0)
    .map(({ line, number }) => {
      let record: Partial<EvalQuestion>;
      try {
        record = JSON.parse(line) as Partial<EvalQuestion>;
      } catch {
        throw new Error(`Line ${number} of the questions file is not valid JSON.`);
      }
      if (typeof record.question !== 'string') {
        throw new Error(`Line ${number} of the questions file has no "question".`);
      }
      const answers = record.answers ?? (record.answer ? [record.answer] : []);
      return {
        id: record.id ?? String(number),
        question: record.question,
        answer: record.answer ?? answers[0] ?? '',
        answers,
        type: record.type ?? '',
        gold: record.gold ?? [],
      };
    });
}
