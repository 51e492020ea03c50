/**
 * A route's JSON answer already written as text (`Answer` says what it parses to): sent as it is,
 * where building the object only for it to be stringified would cost more than the answer.
 */
export class JsonText<Answer> {
  declare readonly answer: Answer;
  constructor(readonly text: string) {}
}
