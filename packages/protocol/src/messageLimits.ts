/** An operator message: what starts or continues a run. */
export const MESSAGE_MAX_CHARACTERS = 200_000;
