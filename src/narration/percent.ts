/** A share or a probability from 0 to 1 in whole percent, as every sentence quotes one (the sign is each language's). */
export const percent = (share: number) => Math.round(share * 100);
