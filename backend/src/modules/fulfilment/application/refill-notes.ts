/** Staff notes on a refill (shown in the task card's refill history), written by the refill request and the refill sync pass. */
export const refillUnclearNote = (why: string) => `${why}: the provider may have taken the refill. Check its panel before asking again.`;
export const REFILL_ABANDONED_NOTE = 'The app stopped while this refill was being asked: check the provider panel before asking again.';
export const REFILL_CLOSED_BY_STAFF_NOTE = 'Closed by staff, who asked the provider for a new refill after checking its panel.';
