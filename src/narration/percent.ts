/** A share or a probability from 0 to 1 in whole percent, as every sentence quotes one (the sign is each language's). */
export const percent = (share: number) => Math.round(share * 100);

/** A share to a tenth of a percent, with its sign, as the CLI's training and evaluation reports print one ("84.3%"). */
export const percentText = (share: number) => `${(share * 100).toFixed(1)}%`;
