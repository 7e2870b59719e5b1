// A page that raises a toast and then sends the visitor to a marketing page (an invalid link goes
// home with 'Invalid Link') hands the toast over: the marketing layout loads its toaster only then,
// so the landing pages carry no toast code of their own.
let handedOver = false;

export function handOverToasts(): void {
  handedOver = true;
}

export function toastsHandedOver(): boolean {
  return handedOver;
}
