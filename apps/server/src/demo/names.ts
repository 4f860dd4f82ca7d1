import type { Random } from './random.js';

/** Word lists for readable demo data. Invented combinations; any likeness is chance. */
const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Akash',
  'Ananya',
  'Arjun',
  'Deepak',
  'Divya',
  'Farhan',
  'Gaurav',
  'Harish',
  'Isha',
  'Javed',
  'Karan',
  'Kavya',
  'Lakshmi',
  'Manish',
  'Meera',
  'Mohan',
  'Neha',
  'Nikhil',
  'Pooja',
  'Pranav',
  'Priya',
  'Rahul',
  'Rajesh',
  'Ravi',
  'Rohit',
  'Sakshi',
  'Sameer',
  'Sandeep',
  'Sanjay',
  'Shreya',
  'Simran',
  'Sneha',
  'Suresh',
  'Tanvi',
  'Uday',
  'Varun',
  'Vikram',
  'Zoya',
] as const;

const LAST_NAMES = [
  'Agarwal',
  'Bhat',
  'Chopra',
  'Das',
  'Desai',
  'Gupta',
  'Iyer',
  'Jain',
  'Joshi',
  'Kapoor',
  'Khan',
  'Kulkarni',
  'Kumar',
  'Mehta',
  'Menon',
  'Mishra',
  'Nair',
  'Patel',
  'Pillai',
  'Rao',
  'Reddy',
  'Saxena',
  'Shah',
  'Sharma',
  'Singh',
  'Sinha',
  'Thakur',
  'Varma',
  'Verma',
  'Yadav',
] as const;

/** Cities with a few neighbourhoods each: an area manager's masters sit in one city. */
const CITIES: Record<string, readonly string[]> = {
  Mumbai: ['Andheri', 'Bandra', 'Dadar', 'Kurla', 'Malad', 'Thane'],
  Pune: ['Aundh', 'Hadapsar', 'Kothrud', 'Shivajinagar', 'Wakad'],
  Delhi: ['Dwarka', 'Karol Bagh', 'Lajpat Nagar', 'Rohini', 'Saket'],
  Bengaluru: ['Indiranagar', 'Jayanagar', 'Koramangala', 'Malleshwaram', 'Whitefield'],
  Hyderabad: ['Ameerpet', 'Begumpet', 'Kukatpally', 'Secunderabad'],
  Chennai: ['Adyar', 'Anna Nagar', 'T Nagar', 'Velachery'],
  Kolkata: ['Behala', 'Salt Lake', 'Howrah', 'Park Street'],
  Ahmedabad: ['Maninagar', 'Navrangpura', 'Satellite', 'Vastrapur'],
  Jaipur: ['Malviya Nagar', 'Mansarovar', 'Vaishali Nagar'],
  Lucknow: ['Aliganj', 'Gomti Nagar', 'Hazratganj'],
  Nagpur: ['Dharampeth', 'Sitabuldi', 'Sadar'],
  Indore: ['Palasia', 'Rajwada', 'Vijay Nagar'],
};

const STREETS = ['MG Road', 'Station Road', 'Main Road', 'Market Lane', 'Link Road', 'Ring Road', 'Gandhi Chowk', 'Nehru Street'];
const CAFE_WORDS = ['Cyber Cafe', 'Net Point', 'Game Zone', 'Cyber Hub', 'Net Cafe', 'Play Station', 'Cyber World'];

export const CITY_NAMES = Object.keys(CITIES);

export function personName(random: Random): { firstName: string; lastName: string } {
  return { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
}

/** A street address in a city: '14, Station Road, Kothrud, Pune'. */
export function streetAddress(random: Random, city: string): { address: string; area: string } {
  const area = random.pick(CITIES[city] ?? [city]);
  return { address: `${random.int(1, 240)}, ${random.pick(STREETS)}, ${area}, ${city}`, area };
}

export function cafeName(random: Random, area: string): string {
  return `${area} ${random.pick(CAFE_WORDS)}`;
}
