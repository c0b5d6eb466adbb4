/* eslint-disable */
// Generated from forms/staff/collectionContact.schema.json (rules 8404b323895ae4e8) by npm run compile:validators. Do not edit.
"use strict";
import * as func2_module from "ajv/dist/runtime/ucs2length.js";
function runtimeDefault(ns) { const d = ns.default; return typeof d === "function" ? d : d.default; }
export const validate = validate13;
const schema14_0 = ["call","sms","email","in_app"];
const schema14_1 = ["reached","no_answer","promise","refused","disputed","wrong_number"];
const pattern1 = new RegExp("^\\d{4}-\\d{2}-\\d{2}$", "u");
const func2 = runtimeDefault(func2_module);

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="collectionContact.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs3 = errors;
let valid1 = true;
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.outcome === undefined) && (missing0 = "outcome")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.outcome !== undefined){
if("promise" !== data.outcome){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs4 === errors;
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs6 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.promisedOn === undefined){
const err2 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "promisedOn"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.promisePesos === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "promisePesos"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.promisedOn !== undefined){
let data1 = data.promisedOn;
if(typeof data1 === "string"){
if(!pattern1.test(data1)){
const err4 = {instancePath:instancePath+"/promisedOn",schemaPath:"#/allOf/0/then/properties/promisedOn/pattern",keyword:"pattern",params:{pattern: "^\\d{4}-\\d{2}-\\d{2}$"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/promisedOn",schemaPath:"#/allOf/0/then/properties/promisedOn/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.promisePesos !== undefined){
let data2 = data.promisePesos;
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0.01 || isNaN(data2)){
const err6 = {instancePath:instancePath+"/promisePesos",schemaPath:"#/allOf/0/then/properties/promisePesos/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0.01}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
let res0;
if((0.01 === 0 || (res0 = data2/0.01, res0 !== parseInt(res0)))){
const err7 = {instancePath:instancePath+"/promisePesos",schemaPath:"#/allOf/0/then/properties/promisePesos/multipleOf",keyword:"multipleOf",params:{multipleOf: 0.01}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/promisePesos",schemaPath:"#/allOf/0/then/properties/promisePesos/type",keyword:"type",params:{type: "number"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
var _valid0 = _errs6 === errors;
valid1 = _valid0;
}
if(!valid1){
const err9 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.channel === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "channel"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.outcome === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outcome"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.channel !== undefined){
let data3 = data.channel;
if(typeof data3 !== "string"){
const err12 = {instancePath:instancePath+"/channel",schemaPath:"#/properties/channel/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!((((data3 === "call") || (data3 === "sms")) || (data3 === "email")) || (data3 === "in_app"))){
const err13 = {instancePath:instancePath+"/channel",schemaPath:"#/properties/channel/enum",keyword:"enum",params:{allowedValues: schema14_0}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.outcome !== undefined){
let data4 = data.outcome;
if(typeof data4 !== "string"){
const err14 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!((((((data4 === "reached") || (data4 === "no_answer")) || (data4 === "promise")) || (data4 === "refused")) || (data4 === "disputed")) || (data4 === "wrong_number"))){
const err15 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema14_1}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.note !== undefined){
let data5 = data.note;
if(typeof data5 === "string"){
if(func2(data5) > 2000){
const err16 = {instancePath:instancePath+"/note",schemaPath:"#/properties/note/maxLength",keyword:"maxLength",params:{limit: 2000}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(func2(data5) < 1){
const err17 = {instancePath:instancePath+"/note",schemaPath:"#/properties/note/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/note",schemaPath:"#/properties/note/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}

const asked0 = validate14;
const schema15 = {"properties":{"outcome":{"const":"promise"}},"required":["outcome"]};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.outcome === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outcome"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.outcome !== undefined){
if("promise" !== data.outcome){
const err1 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/const",keyword:"const",params:{allowedValue: "promise"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
validate14.errors = vErrors;
return errors === 0;
}

validate.branches = { "/allOf/0/if": asked0 };
validate.asked = { "-2bddf1d6": asked0 };
export default validate;
