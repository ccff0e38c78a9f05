/** Working product name; one place to change it. */
export const APP_NAME = 'Teamfilm';
