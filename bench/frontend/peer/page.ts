/**
 * The SurveyJS page of the comparison: the form of form-shape.ts rendered by SurveyJS's React UI
 * (`survey-react-ui` 3.0.0) with its default theme (`survey-core.css`). Bundled by esbuild (peer-page.ts),
 * never part of our build.
 */
import "survey-core/survey-core.css";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { Model } from "survey-core";
import { Survey } from "survey-react-ui";
import { peerSurveyJson } from "./survey-json";

const model = new Model(peerSurveyJson());
createRoot(document.getElementById("root")!).render(createElement(Survey, { model }));
