import { cookies } from 'next/headers';

// The bare dynamic page: rendered per request because it reads the cookies, as every private page does.
export default async function DynamicPage() {
  const cookieCount = (await cookies()).size;
  return <h1>Floor, dynamic ({cookieCount} cookies)</h1>;
}
