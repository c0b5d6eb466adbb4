/* eslint-disable */
// Generated from forms/staff/collectionPromise.schema.json (rules d330e0531246467e) by npm run compile:validators. Do not edit.
"use strict";
export const validate = validate13;
export default validate13;
const schema14 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"collectionPromise.schema.json","title":"collectionPromise.title","$comment":"A promise to pay (api-contract/collections.ts promiseInput): pesos here, centavos to the server, which checks the date range and the amount owed.","type":"object","additionalProperties":false,"required":["promisedOn","promisePesos"],"properties":{"promisedOn":{"title":"collectionPromise.promisedOn","type":"string","pattern":"^\\d{4}-\\d{2}-\\d{2}$"},"promisePesos":{"title":"collectionPromise.promisePesos","type":"number","minimum":0.01,"multipleOf":0.01}}};
const pattern1 = new RegExp("^\\d{4}-\\d{2}-\\d{2}$", "u");

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="collectionPromise.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.promisedOn === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "promisedOn"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.promisePesos === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "promisePesos"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "promisedOn") || (key0 === "promisePesos"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.promisedOn !== undefined){
let data0 = data.promisedOn;
if(typeof data0 === "string"){
if(!pattern1.test(data0)){
const err3 = {instancePath:instancePath+"/promisedOn",schemaPath:"#/properties/promisedOn/pattern",keyword:"pattern",params:{pattern: "^\\d{4}-\\d{2}-\\d{2}$"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/promisedOn",schemaPath:"#/properties/promisedOn/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.promisePesos !== undefined){
let data1 = data.promisePesos;
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0.01 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/promisePesos",schemaPath:"#/properties/promisePesos/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0.01}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
let res0;
if((0.01 === 0 || (res0 = data1/0.01, res0 !== parseInt(res0)))){
const err6 = {instancePath:instancePath+"/promisePesos",schemaPath:"#/properties/promisePesos/multipleOf",keyword:"multipleOf",params:{multipleOf: 0.01}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/promisePesos",schemaPath:"#/properties/promisePesos/type",keyword:"type",params:{type: "number"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}
