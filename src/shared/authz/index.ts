export * from "./actor";
export * from "./matrix";
export * from "./roles";
export * from "./route-groups";
