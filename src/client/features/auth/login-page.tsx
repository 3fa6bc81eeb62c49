import { SignInCard } from "./sign-in-card";

export function LoginPage() {
  return <SignInCard initialStep="login" />;
}
