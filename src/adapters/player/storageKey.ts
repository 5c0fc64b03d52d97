/** Where the player's state is saved (local storage, through the encoded KeyValueStore). */
export const PLAYER_STORAGE_KEY = 'player';
