// A module of its own so that the container can load lazily (app.tsx) while features import the
// `notifications` store from the same package statically.
import "@mantine/notifications/styles.css";

export { Notifications } from "@mantine/notifications";
