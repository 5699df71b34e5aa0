// Name lists for generated guests: varied enough that search and sorting look real.

export const FEMALE_NAMES = [
  'Olivia', 'Charlotte', 'Amelia', 'Isla', 'Mia', 'Ava', 'Grace', 'Chloe', 'Sophie', 'Zoe', 'Emily', 'Ruby', 'Harper', 'Matilda', 'Lily',
  'Priya', 'Aisha', 'Mei', 'Yuki', 'Fatima', 'Sofia', 'Lucia', 'Ngaio', 'Hannah', 'Leah', 'Maya', 'Anika', 'Eleni', 'Siobhan', 'Ingrid',
];

export const MALE_NAMES = [
  'Oliver', 'Jack', 'William', 'Noah', 'Leo', 'Henry', 'Thomas', 'Lucas', 'James', 'Charlie', 'Liam', 'Ethan', 'Samuel', 'Hugo', 'Max',
  'Arjun', 'Omar', 'Wei', 'Kenji', 'Mateo', 'Luca', 'Tane', 'Daniel', 'Ahmed', 'Nikos', 'Sean', 'Lars', 'Kofi', 'Ravi', 'Marco',
];

export const SURNAMES = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson', 'Thompson', 'Nguyen', 'Thomas', 'Walker',
  'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King', 'Chen', 'Wang', 'Singh', 'Patel', 'Kim', 'Papadopoulos', "O'Brien", 'Murphy',
  'Rossi', 'Garcia', 'Costa', 'Ngata', 'Haddad', 'Kowalski', 'Novak', 'Dubois', 'Müller', 'Andersen', 'Okafor', 'Mensah', 'Tanaka',
  'Sato', 'Hughes', 'Campbell', 'Stewart', 'MacDonald', 'Fraser', 'Gill', 'Shah', 'Ali',
];

export const EMAIL_DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com.au', 'bigpond.com', 'icloud.com', 'hotmail.com', 'example.com'];

export const DRINKS = ['Beer', 'Wine', 'Cocktails', 'Spirits', 'Non-alcoholic'];
export const DIETS = ['Vegetarian', 'Vegan', 'Gluten free', 'Dairy free', 'Nut allergy'];
export const TIERS = ['Bronze', 'Silver', 'Gold', 'Platinum'];
export const CATEGORY_NAMES = ['VIP', 'Regulars', 'Birthday Club', 'Newsletter', 'Functions', 'Staff'];
export const TABLE_AREAS = ['Main room', 'Terrace', 'Private room', 'Bar'];
